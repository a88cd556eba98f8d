/**
 * The part of the consent-PDF field loaded on demand (dynamic `import()`): pdf-lib, the letter templates
 * and the URLs of the Noto Sans fonts (SIL Open Font License, from @expo-google-fonts/noto-sans), which are
 * fetched on first use and kept for later letters.
 */

import regularUrl from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url';
import boldUrl from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url';
import { buildConsentLetter, type ConsentLetter, type LetterFonts, type SlotValues } from './consentLetter.js';

let fonts: Promise<LetterFonts | undefined> | undefined;

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The letter fonts; when they cannot be loaded, undefined (the letter falls back to Helvetica), tried again next time. */
function letterFonts(): Promise<LetterFonts | undefined> {
  fonts ??= Promise.all([fetchBytes(regularUrl), fetchBytes(boldUrl)]).then(
    ([regular, bold]) => ({ regular, bold }),
    () => {
      fonts = undefined;
      return undefined;
    },
  );
  return fonts;
}

export async function createConsentLetter(template: string, values: SlotValues, now?: Date): Promise<ConsentLetter> {
  return buildConsentLetter(template, values, { fonts: await letterFonts(), now });
}
