/**
 * NFC badges at the kiosk (Web NFC, where the tablet has it; KioskShell loads this only then). While
 * the kiosk is in its employee flow, a tag held to the tablet is read (runtime/webNfc.ts) and its
 * token goes where a keyboard-wedge scan or the camera's goes (badgeSignIn.ts): the same modes, the
 * same check by the service or the tablet's kept verifiers, the same lockouts; a tag on any other
 * screen, or one that is not a badge, records nothing and says so in the same words (BadgeSaid.tsx).
 * In manager mode it does not read, so writing a tag there signs nobody in.
 */
import { useEffect } from 'react';
import { readBadgeTags } from '../../runtime/webNfc';
import { BadgeSaidNotice, useBadgeReads } from './BadgeSaid';

export function NfcBadgeReader({ reading }: { reading: boolean }) {
  const { said, read } = useBadgeReads();

  useEffect(() => {
    if (!reading) return;
    const stop = new AbortController();
    readBadgeTags((token) => void read(token), stop.signal);
    return () => stop.abort();
  }, [reading, read]);

  return <BadgeSaidNotice said={said} source="nfc" />;
}
