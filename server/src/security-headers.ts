import helmet from 'helmet';

/**
 * Security headers for every answer: app.ts sets them where node:http hands a request over, before
 * it goes to express (pages, REST, errors) or to /graphql, which is answered outside express.
 *
 * The Content-Security-Policy names what the app and the self-hosted GraphiQL load, nothing else:
 * - scripts, workers and connections only from this origin: the build's modules and modulepreload
 *   links, GraphiQL's Monaco workers (files in /assets/, not blob:), fetches to /graphql and /api,
 *   and the graphql-ws socket (CSP 3: 'self' includes ws:/wss: to the same host);
 * - inline styles: Mantine writes its CSS variables in a <style> element and sets style attributes,
 *   Monaco adds <style> elements, and graphiql.html has one of its own;
 * - images from https: (profile photos are links to anywhere) and data: (the inline favicon,
 *   GraphiQL's and Monaco's CSS); fonts from data: (GraphiQL's CSS embeds its fonts);
 * - images and media also from blob: (a picked photo or a recording previewed before it uploads);
 * - frames only from YouTube's privacy-enhanced domain (embedded videos);
 * - no plugins, no inline event handlers, no <base> elsewhere, forms post here, and no framing;
 * - with TILE_URL set, the /location map fetches its tiles from that origin (connect-src, img-src).
 */
export function securityHeaders({ https, tileUrl }: { https: boolean; tileUrl?: string | null }) {
  // A tile template's placeholders ({z}/{x}/{y}) are path parts; its origin is what is allowed.
  const tileOrigins = tileUrl ? [new URL(tileUrl.replace(/\{\w+\}/gu, '0')).origin] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        workerSrc: ["'self'"],
        connectSrc: ["'self'", ...tileOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...tileOrigins],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ['https://www.youtube-nocookie.com'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Over plain http (a laptop, a LAN address) upgrading would point every request at https.
        ...(https && { upgradeInsecureRequests: [] }),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers ignore it over http; sent only where the public URL says https is served.
    strictTransportSecurity: https,
  });
}
