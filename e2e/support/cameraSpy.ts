/**
 * Watches and upsets a page's camera. Counting requests for it (`getUserMedia`) lets a spec prove
 * the camera was not opened: before a privacy notice is acknowledged, or for someone exempt from
 * photos. Making the next requests never answer, or the next still fail to encode, lets a spec
 * walk through what a person sees when a tablet's camera goes quiet. Installed before the page's
 * own scripts run; otherwise the real (fake-device) camera answers every request. Holding the next
 * request until the spec releases it (on the page as it is, no spy needed) shows what a camera slow
 * to start does to the screen around it.
 */
import type { Page } from '@playwright/test';

interface CameraSpyWindow {
  __cameraRequests: number;
  /** How many of the next camera requests never answer. */
  __cameraSilent: number;
  /** How many of the next JPEG encodings throw. */
  __stillsFailing: number;
  /** Lets the camera request held by holdNextCamera answer. */
  __releaseCamera: () => void;
}

/** From the next page load on, every request for the camera is counted (and may be silenced). */
export async function countCameraRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const spy = window as unknown as CameraSpyWindow;
    spy.__cameraRequests = 0;
    spy.__cameraSilent = 0;
    spy.__stillsFailing = 0;
    const media = navigator.mediaDevices;
    const original = media.getUserMedia.bind(media);
    media.getUserMedia = (constraints) => {
      spy.__cameraRequests += 1;
      if (spy.__cameraSilent > 0) {
        spy.__cameraSilent -= 1;
        return new Promise<MediaStream>(() => undefined);
      }
      return original(constraints);
    };
    const canvas = HTMLCanvasElement.prototype;
    const encode = Object.getOwnPropertyDescriptor(canvas, 'toDataURL')?.value as (this: HTMLCanvasElement, type?: string, quality?: number) => string;
    canvas.toDataURL = function toDataURL(this: HTMLCanvasElement, type?: string, quality?: number) {
      if (spy.__stillsFailing > 0) {
        spy.__stillsFailing -= 1;
        throw new DOMException('The encoder failed', 'EncodingError');
      }
      return encode.call(this, type, quality);
    };
  });
}

/** How many times the current page has asked for the camera. */
export function cameraRequests(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as CameraSpyWindow).__cameraRequests);
}

/** The page's next `requests` camera requests never answer (nor fail). */
export async function silenceCamera(page: Page, requests: number): Promise<void> {
  await page.evaluate((n) => {
    (window as unknown as CameraSpyWindow).__cameraSilent = n;
  }, requests);
}

/** The page's next `stills` JPEG encodings throw, as a failing encoder would. */
export async function failStills(page: Page, stills: number): Promise<void> {
  await page.evaluate((n) => {
    (window as unknown as CameraSpyWindow).__stillsFailing = n;
  }, stills);
}

/** The current page's next camera request waits until releaseCamera (a tablet's camera slow to start). */
export async function holdNextCamera(page: Page): Promise<void> {
  await page.evaluate(() => {
    const media = navigator.mediaDevices;
    const original = media.getUserMedia.bind(media);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    (window as unknown as CameraSpyWindow).__releaseCamera = release;
    media.getUserMedia = async (constraints) => {
      media.getUserMedia = original;
      await released;
      return original(constraints);
    };
  });
}

/** Lets the request holdNextCamera held answer. */
export async function releaseCamera(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as CameraSpyWindow).__releaseCamera());
}
