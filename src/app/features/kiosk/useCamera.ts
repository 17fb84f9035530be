/**
 * The front camera's live picture in a <video>, while `active`: started with the step, stopped
 * when the step goes (or `active` turns false), never left running. The photo step and the
 * unverified-punch notice both use it; `error` names why there is no picture (no camera, refused).
 */
import { useEffect, useState, type RefObject } from 'react';

export function useCamera(video: RefObject<HTMLVideoElement | null>, active = true): { ready: boolean; error: string | null } {
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = typeof navigator.mediaDevices?.getUserMedia === 'function';
  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    if (!active || !supported) return;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false })
      .then(async (media) => {
        stream = media;
        if (cancelled || !video.current) return media.getTracks().forEach((track) => track.stop());
        video.current.srcObject = media;
        await video.current.play();
        setReady(true);
      })
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.name : String(caught)));
    return () => {
      cancelled = true;
      setReady(false);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [video, active, supported]);
  return { ready, error: supported ? error : 'NotSupportedError' };
}
