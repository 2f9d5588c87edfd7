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

/** The charset parameter of a Content-Type, lower-cased, or null when it names none. */
function charsetOf(type: string): string | null {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(type);
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * null when a body with these headers is JSON this server reads, else what the 415 says
 * (lib/http/respond.ts sends it): the type must be JSON, its charset (if named) UTF-8, as JSON between
 * systems is (RFC 8259), and the body not compressed (no Content-Encoding but identity).
 */
export function notJsonMessage(type: string | null, encoding: string | null = null): string | null {
  if (!isJsonContentType(type)) {
    const got = type ? `Content-Type ${JSON.stringify(type.slice(0, 100))}` : "no Content-Type";
    return `The body must be JSON sent with Content-Type: application/json (got ${got}); e.g. curl -H 'content-type: application/json' --data-binary @body.json.`;
  }
  const charset = charsetOf(type!);
  if (charset !== null && charset !== "utf-8" && charset !== "utf8") {
    return `The body must be JSON in UTF-8 (the Content-Type names charset ${JSON.stringify(charset.slice(0, 40))}); convert it (e.g. iconv -t UTF-8) and send it with Content-Type: application/json.`;
  }
  const coding = encoding?.trim().toLowerCase() ?? "";
  if (coding !== "" && coding !== "identity") {
    return `The body must be sent uncompressed (it says Content-Encoding ${JSON.stringify(coding.slice(0, 40))}, which this server does not decode); send the JSON as it is.`;
  }
  return null;
}
