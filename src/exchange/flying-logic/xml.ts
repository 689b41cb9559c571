// Reading XML safely, into a small element tree: a well-kept parser (fast-xml-parser), never a
// DOM; a document type declaration is refused outright (no entity of ours to expand, none of
// theirs either), as are files over the format's size limit and nesting past 100 levels.
// Syntax errors name their line and column.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { MAX_FILE_BYTES, describeBytes } from '../../format';
import { ImportError } from '../import-report';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The text directly inside the element, trimmed. */
  text: string;
}

function lineOf(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

function toElement(node: Ordered): XmlElement | undefined {
  const name = Object.keys(node).find((k) => k !== ':@');
  if (!name || name === '#text' || name === '?xml' || name === '#comment') return undefined;
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(node[':@'] ?? {})) attributes[key.replace(/^@_/, '')] = String(value);
  const content = Array.isArray(node[name]) ? (node[name] as Ordered[]) : [];
  const children: XmlElement[] = [];
  let text = '';
  for (const child of content) {
    if ('#text' in child) text += String(child['#text']);
    else {
      const element = toElement(child);
      if (element) children.push(element);
    }
  }
  return { name, attributes, children, text: text.trim() };
}

/** The document's root element; ImportError with the place when the text is not well-formed XML. */
export function parseXml(text: string): XmlElement {
  if (new TextEncoder().encode(text).length > MAX_FILE_BYTES) throw new ImportError(`the file is larger than ${describeBytes(MAX_FILE_BYTES)}; Causeway reads files up to that size.`);
  const doctype = text.search(/<!DOCTYPE/i);
  if (doctype >= 0) throw new ImportError('the file declares a document type (<!DOCTYPE …>); Flying Logic files have none, and Causeway does not expand declared entities.', lineOf(text, doctype));
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new ImportError(`not well-formed XML: ${valid.err.msg}`, `line ${valid.err.line}, column ${valid.err.col}`);
  let parsed: Ordered[];
  try {
    parsed = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, parseAttributeValue: false, trimValues: false, htmlEntities: false, commentPropName: '#comment' }).parse(text) as Ordered[];
  } catch (error) {
    throw new ImportError(`the XML could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const root = parsed.map(toElement).find((e): e is XmlElement => e !== undefined);
  if (!root) throw new ImportError('the file has no XML element.', 'line 1, column 1');
  return root;
}

/** `<vertex eid="12">`: how an element is named in messages. */
export function describeElement(element: XmlElement, keys: string[] = ['eid', 'key', 'name']): string {
  const shown = keys.filter((k) => element.attributes[k] !== undefined).map((k) => ` ${k}="${element.attributes[k]}"`);
  return `<${element.name}${shown.join('')}>`;
}

/** Escapes text for an XML attribute or element. */
export function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}
