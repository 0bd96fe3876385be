/**
 * Unicode's bidirectional controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM). In a name
 * they only serve to make text read differently from what it is: 'fatura\u202Efdp.exe' shows as
 * 'faturaexe.pdf' (issue 20). Names drop them; free text (descriptions, comments) keeps them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
