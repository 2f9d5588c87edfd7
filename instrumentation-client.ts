/**
 * Runs in the browser before the app becomes interactive. Zod compiles fast parsers with
 * `new Function` after probing whether eval is allowed; the page's Content-Security-Policy forbids
 * eval, and the probe alone is reported as a violation even though zod catches it. Jitless mode
 * skips both the probe and the compiled parsers, in the browser only; the server keeps them.
 */
import { z } from "zod";

z.config({ jitless: true });
