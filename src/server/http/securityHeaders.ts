/**
 * Security headers for every response, with Hono's secure-headers middleware: one policy for the
 * API (JSON only: nothing may load or frame it), one for the kiosk app and one for the API
 * reference page. Each Content-Security-Policy admits only this service's own origin; the app
 * needs `data:`/`blob:` images for the photo preview, the camera and the screen wake lock, and
 * WebAssembly compilation (not eval) for the badge reader.
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

const SELF = "'self'";
const NONE = "'none'";

/** Shared by all three: no framing, no sniffing, no referrer, no cross-origin window access. */
const common = {
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
  xContentTypeOptions: 'nosniff',
} as const;

/** API responses: JSON and problem+json, never rendered as a page. */
export const apiSecurityHeaders = (): MiddlewareHandler =>
  secureHeaders({
    ...common,
    contentSecurityPolicy: { defaultSrc: [NONE], frameAncestors: [NONE], baseUri: [NONE], formAction: [NONE] },
  });

/**
 * The kiosk PWA: its own scripts, styles, fonts and API; photos are previewed from data: URLs.
 * `connectOrigins` (APP_CONNECT_ORIGINS) are other services set-up may point the app at.
 */
export const appSecurityHeaders = (connectOrigins: readonly string[] = []): MiddlewareHandler =>
  secureHeaders({
    ...common,
    contentSecurityPolicy: {
      defaultSrc: [SELF],
      // The badge reader's own WebAssembly (the QR decoder where the browser has none) compiles under this.
      scriptSrc: [SELF, "'wasm-unsafe-eval'"],
      styleSrc: [SELF],
      imgSrc: [SELF, 'data:', 'blob:'],
      fontSrc: [SELF],
      connectSrc: [SELF, ...connectOrigins],
      manifestSrc: [SELF],
      workerSrc: [SELF],
      mediaSrc: [SELF, 'blob:'],
      objectSrc: [NONE],
      baseUri: [SELF],
      formAction: [SELF],
      frameAncestors: [NONE],
    },
    permissionsPolicy: { camera: ['self'], screenWakeLock: ['self'], fullscreen: ['self'], geolocation: [], microphone: [], payment: [], usb: [] },
  });

/** The API reference (Swagger UI from this service): its bundle, its styles and the document. */
export const docsSecurityHeaders = (): MiddlewareHandler =>
  secureHeaders({
    ...common,
    contentSecurityPolicy: {
      defaultSrc: [SELF],
      scriptSrc: [SELF],
      // Swagger UI sets style attributes on the elements it renders.
      styleSrc: [SELF, "'unsafe-inline'"],
      imgSrc: [SELF, 'data:'],
      connectSrc: [SELF],
      objectSrc: [NONE],
      baseUri: [SELF],
      formAction: [SELF],
      frameAncestors: [NONE],
    },
  });
