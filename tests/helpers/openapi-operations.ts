/** The parts of an OpenAPI 3.0 document that the contract tests walk (only what they read). */
export interface SchemaObject {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  nullable?: boolean;
}

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: SchemaObject;
}

interface OperationObject {
  tags?: string[];
  parameters?: ParameterObject[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path template, e.g. /api/sal-board/{category}/{id}. */
  path: string;
  tags: string[];
  pathParams: ParameterObject[];
  queryParams: ParameterObject[];
  /** The JSON body's schema, when the operation takes one. */
  jsonBody?: SchemaObject;
  /** True when the operation takes multipart/form-data. */
  multipart: boolean;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document, with its parameters split by where they go. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        tags: operation.tags ?? [],
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        jsonBody: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}

/** The names of the `{placeholders}` in a path template. */
export function pathPlaceholders(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

/** A value the schema accepts, for the parts of a request that a test does not vary. */
export function exampleFor(schema: SchemaObject | undefined, name: string, known: (name: string) => unknown): unknown {
  const given = known(name);
  if (given !== undefined) return given;
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return exampleFor(variant, name, known);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, exampleFor(property, key, known)]),
      );
    default:
      return schema.format === 'email' ? 'fuzz@example.kr' : '테스트 값입니다'.padEnd(schema.minLength ?? 0, '가');
  }
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/**
 * Percent-encodes any text, also one `encodeURIComponent` refuses: a lone surrogate goes as the three bytes a
 * careless client's encoder writes for it (its code unit in UTF-8's three-byte form), as such a client would send it.
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const character of text) {
    if (UNRESERVED.test(character)) {
      encoded += character;
      continue;
    }
    const code = character.codePointAt(0)!;
    const bytes = code >= 0xd800 && code <= 0xdfff
      ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      : [...Buffer.from(character, 'utf8')];
    encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return encoded;
}

/** Fills a path template with values (percent-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => percentEncode(values[name] ?? 'x'));
}

/** A query string (with its '?') of the pairs, percent-encoded; empty without pairs. */
export function queryString(pairs: [string, string][]): string {
  return pairs.length ? `?${pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&')}` : '';
}
