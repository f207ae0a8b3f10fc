import { createHash } from 'node:crypto';

/**
 * Small valid PDFs made in code for tests: `pages` portrait pages of 200 × 300 points (or `size`,
 * e.g. A4's 595 × 842), each saying "Page n", optionally protected with a user password (the
 * standard security handler, revision 2: 40-bit RC4, the simplest encryption every reader opens).
 */
export function pdfWithPages({
  pages,
  password,
  size = { width: 200, height: 300 },
}: {
  pages: number;
  password?: string;
  size?: { width: number; height: number };
}): Buffer {
  const pageIds = Array.from({ length: pages }, (_, index) => 4 + index * 2);
  const objects: { dict: string; stream?: Buffer }[] = [
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    {
      dict: `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`,
    },
    { dict: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
  ];
  for (const [index, id] of pageIds.entries()) {
    objects.push({
      dict: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size.width} ${size.height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`,
    });
    objects.push({
      dict: '',
      stream: Buffer.from(`BT /F1 24 Tf 40 150 Td (Page ${index + 1}) Tj ET`),
    });
  }

  const fileId = createHash('md5')
    .update(`sample-${pages}-${password ?? ''}`)
    .digest();
  const security = password === undefined ? null : standardSecurity(password, fileId);

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  const write = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  objects.forEach(({ dict, stream }, index) => {
    const number = index + 1;
    offsets.push(length);
    if (stream) {
      const data = security ? rc4(security.objectKey(number), stream) : stream;
      write(Buffer.from(`${number} 0 obj\n<< /Length ${data.length} >>\nstream\n`, 'latin1'));
      write(data);
      write(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    } else {
      write(Buffer.from(`${number} 0 obj\n${dict}\nendobj\n`, 'latin1'));
    }
  });
  const encryptNumber = objects.length + 1;
  if (security) {
    offsets.push(length);
    write(Buffer.from(`${encryptNumber} 0 obj\n${security.dict}\nendobj\n`, 'latin1'));
  }
  const xrefAt = length;
  const xref = [
    'xref',
    `0 ${offsets.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${offsets.length + 1} /Root 1 0 R /ID [<${fileId.toString('hex')}> <${fileId.toString('hex')}>]${
      security ? ` /Encrypt ${encryptNumber} 0 R` : ''
    } >>`,
    'startxref',
    String(xrefAt),
    '%%EOF',
    '',
  ].join('\n');
  write(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

/** The padding string of the PDF standard security handler (ISO 32000-1, 7.6.3.3). */
const PADDING = Buffer.from(
  '28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A',
  'hex',
);
const padded = (password: string) =>
  Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);
const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();

function rc4(key: Buffer, data: Buffer): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  let j = 0;
  for (let i = 0; i < 256; i += 1) {
    j = (j + state[i]! + key[i % key.length]!) & 255;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (let index = 0; index < data.length; index += 1) {
    i = (i + 1) & 255;
    j = (j + state[i]!) & 255;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[index] = data[index]! ^ state[(state[i]! + state[j]!) & 255]!;
  }
  return out;
}

/** Revision 2 (40-bit RC4) with the same owner and user password; all permissions granted. */
function standardSecurity(password: string, fileId: Buffer) {
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-4);
  const owner = rc4(md5(padded(password)).subarray(0, 5), padded(password));
  const key = md5(padded(password), owner, permissions, fileId).subarray(0, 5);
  const user = rc4(key, PADDING);
  return {
    dict: `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P -4 >>`,
    objectKey: (number: number) =>
      md5(
        key,
        Buffer.from([number & 255, (number >> 8) & 255, (number >> 16) & 255, 0, 0]),
      ).subarray(0, 10),
  };
}
