// The PDF viewer for the app shell:
// - `pdfRoutes`: the `/pdf?file=` page (loaded when opened: pdf.js is large).
// - `PdfViewer` is imported lazily by the media viewer (`import('./pdf/PdfViewer')`, default export).
import type { RouteObject } from 'react-router';

export const pdfRoutes: RouteObject[] = [
  {
    path: 'pdf',
    lazy: () => import('./PdfPage').then((module) => ({ Component: module.PdfPage })),
  },
];
