/**
 * The front camera's live picture in a <video>, while `active`: started with the step, stopped
 * when the step goes (or `active` turns false), never left running. The photo step, the badge scan
 * and the unverified-punch notice use it; `error` names why there is no picture (no camera,
 * refused, or `Timeout`).
 *
 * A camera that neither answers nor fails is the one a person cannot get past, so each start has a
 * deadline: a busy tablet was seen leaving the picture at "Starting the camera…" for good after
 * the camera had been closed and opened again. Past the deadline the camera is closed and asked
 * once more, then reported; `retry` asks again on a person's tap.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** How long a start may take (the camera answering and its first picture playing). */
export const CAMERA_START_MS = 6_000;
/** Starts tried before a silent camera is reported: the first and one more. */
const STARTS = 2;
/** The `error` of a camera that neither answered nor failed within its starts. */
export const CAMERA_SILENT = 'Timeout';

export interface Camera {
  ready: boolean;
  error: string | null;
  /** Ask for the camera again after an error (a person's "Try again"). */
  retry: () => void;
}

export function useCamera(video: RefObject<HTMLVideoElement | null>, active = true): Camera {
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Each new value starts the camera afresh; startsLeft counts the tries since the last tap.
  const [attempt, setAttempt] = useState(0);
  const startsLeft = useRef(STARTS);
  const supported = typeof navigator.mediaDevices?.getUserMedia === 'function';

  useEffect(() => {
    let stream: MediaStream | null = null;
    let over = false;
    if (!active || !supported) return;
    const stop = () => {
      over = true;
      setReady(false);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const deadline = setTimeout(() => {
      stop();
      startsLeft.current -= 1;
      if (startsLeft.current > 0) setAttempt((n) => n + 1);
      else setError(CAMERA_SILENT);
    }, CAMERA_START_MS);
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false })
      .then(async (media) => {
        stream = media;
        if (over || !video.current) return media.getTracks().forEach((track) => track.stop());
        video.current.srcObject = media;
        await video.current.play();
        if (over) return;
        clearTimeout(deadline);
        startsLeft.current = STARTS;
        setReady(true);
      })
      .catch((caught: unknown) => {
        if (over) return;
        clearTimeout(deadline);
        setError(caught instanceof Error ? caught.name : String(caught));
      });
    return () => {
      clearTimeout(deadline);
      stop();
    };
  }, [video, active, supported, attempt]);

  const retry = useCallback(() => {
    startsLeft.current = STARTS;
    setError(null);
    setAttempt((n) => n + 1);
  }, []);

  return { ready, error: supported ? error : 'NotSupportedError', retry };
}
