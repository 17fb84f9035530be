/**
 * Counts a page's requests for the camera (`getUserMedia`), so a spec can prove the camera was not
 * opened: before a privacy notice is acknowledged, or for someone exempt from photos. Installed
 * before the page's own scripts run, and the real camera still answers every request.
 */
import type { Page } from '@playwright/test';

interface CameraSpyWindow {
  __cameraRequests: number;
}

/** From the next page load on, every request for the camera is counted. */
export async function countCameraRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const spy = window as unknown as CameraSpyWindow;
    spy.__cameraRequests = 0;
    const media = navigator.mediaDevices;
    const original = media.getUserMedia.bind(media);
    media.getUserMedia = (constraints) => {
      spy.__cameraRequests += 1;
      return original(constraints);
    };
  });
}

/** How many times the current page has asked for the camera. */
export function cameraRequests(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as CameraSpyWindow).__cameraRequests);
}
