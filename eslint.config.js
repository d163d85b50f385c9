import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    // Components, models and utilities never reach up into route modules (one-way imports).
    files: ["app/components/**", "app/utils/**", "app/models/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/routes", "~/routes/**", "../routes/**", "**/routes/**", "~/root", "**/root"],
              message: "Shared code must not import route modules.",
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
