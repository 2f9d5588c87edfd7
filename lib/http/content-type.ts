/**
 * JSON routes take JSON only. A page of any other site can POST `text/plain`, a form
 * (`application/x-www-form-urlencoded`, `multipart/form-data`) or no Content-Type at all without a CORS
 * preflight; `application/json` needs one, which this app never grants. Refusing every other type
 * (415) is what stops cross-site requests from creating links or running work in a visitor's name.
 */
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

export function isJsonContentType(header: string | null): boolean {
  return header !== null && JSON_TYPE.test(header.trim());
}

/** null when a body of this Content-Type is JSON, else what the 415 says (lib/http/respond.ts sends it). */
export function notJsonMessage(type: string | null): string | null {
  if (isJsonContentType(type)) return null;
  const got = type ? `Content-Type ${JSON.stringify(type.slice(0, 100))}` : "no Content-Type";
  return `The body must be JSON sent with Content-Type: application/json (got ${got}); e.g. curl -H 'content-type: application/json' --data-binary @body.json.`;
}
