import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

/*
 * The official ISO 20022 schema of pain.008.001.02, vendored with its provenance (test/xsd/SOURCE.md), and
 * libxml2's own validator (xmllint compiled to WebAssembly: no system package needed), so an exported file is
 * checked by the schema the banks use, not only by our reading of it (issue 39, docs/decisions.md).
 */

const SCHEMA_URL = new URL('./xsd/pain.008.001.02.xsd', import.meta.url);

export const PAIN008_001_02_XSD = readFileSync(SCHEMA_URL, 'utf8');

export const PAIN008_001_02_XSD_SHA256 = createHash('sha256').update(readFileSync(SCHEMA_URL)).digest('hex');

/** The schema's complaints about the file: none means valid. */
export async function pain008SchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'export.xml', contents: xml }],
    schema: [{ fileName: 'pain.008.001.02.xsd', contents: PAIN008_001_02_XSD }],
  });
  return result.valid ? [] : result.errors.map((e) => e.message);
}
