import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const aliases = "through #app/*, #common/* or #art/* (package.json imports)";
const acrossFolders = { regex: "^(\\.\\./)+(app|common|art)/", message: `import app/, common/ and art/ ${aliases}` };
// In app/, common/ and art/ a parent path always leaves the folder.
const withinAliased = { regex: "^\\.\\./", message: `import across folders ${aliases}` };

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/", ".tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { ...reactHooks.configs.flat.recommended, files: ["app/**/*.{ts,tsx}"] },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Imports across folders go through the aliases (package.json "imports"): #app/*, #common/*, #art/*.
    files: ["**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [acrossFolders] }] },
  },
  {
    // Server code must not reach into the browser app, and the app must not import server code,
    // by a relative path or by the "#app/*" alias (package.json "imports").
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "(^|/)server/|^#server/", message: "app/ must not import server code" }, withinAliased] },
      ],
    },
  },
  {
    files: ["common/**/*.ts", "art/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [withinAliased] }] },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ regex: "(^|/)app/|^#app/", message: "server/ must not import the browser app" }, acrossFolders],
        },
      ],
    },
  },
);
