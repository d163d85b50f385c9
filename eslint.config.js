import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const FEATURES = ["auth", "backup", "contact", "jobs", "media", "trash"];

/** Imports that would point upward from components, models and utilities. */
const upwardImports = [
  {
    group: ["~/routes", "~/routes/**", "**/routes/**", "~/root", "**/root"],
    message: "Shared code must not import route modules.",
  },
  {
    group: FEATURES.flatMap((feature) => [`~/${feature}/*.server`, `**/${feature}/*.server`]),
    message: "Models, utilities and components must not import a feature's server code.",
  },
];

export default tseslint.config(
  {
    ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // React code only: test helpers such as useFreshDatabase() are not hooks despite their names.
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    // Imports point one way: routes → features (auth, media, contact, …) and models → utils and db.
    // Shared code never reaches up into a route module or a feature's server code; app/architecture.test.ts
    // checks the same on the whole import graph, and that there is no cycle.
    files: ["app/components/**", "app/utils/**", "app/models/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: upwardImports }],
    },
  },
  {
    files: ["app/utils/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            ...upwardImports,
            {
              group: ["~/models/**", "**/models/**"],
              allowTypeImports: true,
              message: "Utilities are generic: they take plain values and never call a model.",
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations see the database before and after their change, so they are typed loosely on purpose.
    files: ["db/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Playwright fixtures take an (empty) destructured first argument by API contract.
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
);
