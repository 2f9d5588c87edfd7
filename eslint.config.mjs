// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules, Next's rules (core web
// vitals included) and the rules of hooks, over the app, the library, the scripts and the tests.
// `npm run lint` runs it with the purity check (scripts/check-core-purity.ts), the formatter check and
// the unused-exports check (knip); see docs/architecture.md, "Rules of the house".
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".kafka/**",
      ".workers/**",
      ".test-timings/**",
      "coverage/**",
      "data/**",
      "test-results/**",
      "scripts/kafka/lib/**",
      "scripts/kafka/target/**",
      "next-env.d.ts",
      "public/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
    plugins: { "@next/next": nextPlugin, "react-hooks": reactHooks },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Plain JavaScript (scripts/*.mjs, configs): TypeScript does not check these, so undefined names are errors.
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: {
      globals: {
        // Node and the browser: scripts, workers and tests run in Node; components in the browser.
        process: "readonly",
        console: "readonly",
        Buffer: "readonly",
        URL: "readonly",
        URLSearchParams: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        setImmediate: "readonly",
        queueMicrotask: "readonly",
        structuredClone: "readonly",
        TextEncoder: "readonly",
        TextDecoder: "readonly",
        AbortController: "readonly",
        AbortSignal: "readonly",
        fetch: "readonly",
        Request: "readonly",
        Response: "readonly",
        Headers: "readonly",
        performance: "readonly",
        globalThis: "readonly",
        window: "readonly",
        document: "readonly",
        navigator: "readonly",
        __dirname: "readonly",
        module: "writable",
        require: "readonly",
      },
    },
  },
  {
    files: ["**/*.{ts,tsx,mts}"],
    rules: {
      // TypeScript checks these itself (tsc --noEmit runs in `npm test`).
      "no-undef": "off",
    },
  },
  {
    rules: {
      // Unused names are errors, except those a signature needs to keep (a leading underscore).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
);
