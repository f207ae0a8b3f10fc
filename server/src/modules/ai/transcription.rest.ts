import type { Router } from 'express';
import { bodyData, bodyFields, contextOf, ok } from '../../rest/shell';
import { audioTranscription, transcribeAudio } from './transcription.service';

/** Transcribing a post's audio over REST, on the GraphQL service: a signed-in session only. */
export function mountTranscribeRest(router: Router) {
  router.post('/ai/transcribe', async (req, res) => {
    const fields = { ...bodyFields(req), ...bodyData(req) };
    const transcription = await transcribeAudio(contextOf(res), {
      uploadId: fields.uploadId,
      configId: fields.apiKeyId,
      redo: fields.redo,
    });
    ok(res, { transcription });
  });
}

/**
 * Reading one, as reading the post's media: mounted before `/media/{uploadId}/{name}`, which
 * would take `transcription` for a file's name (an uploaded file's name always has an extension).
 */
export function mountTranscriptionRest(router: Router) {
  router.get('/media/:uploadId/transcription', async (req, res) => {
    ok(res, { transcription: await audioTranscription(contextOf(res), req.params.uploadId) });
  });
}
