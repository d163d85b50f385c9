import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const FEATURES = ["auth", "backup", "billing", "contact", "jobs", "mail", "media", "news", "toast", "trash"];

/** One import style: the aliases (~/, @db/, @tests/, @server/), never a path up through "..". */
const PARENT_PATH = "(^|/)\\.\\.(/|$)";
const parentImport = {
  regex: PARENT_PATH,
  message: "Import with the ~/ alias (or @db/, @tests/, @server/) instead of a path through '..'.",
};

const routeImports = {
  group: ["~/routes", "~/routes/**", "~/root"],
  message: "Shared code must not import route modules.",
};
const featureServerImports = {
  group: FEATURES.map((feature) => `~/${feature}/*.server`),
  message: "The platform, models, utilities and components must not import a feature's server code.",
};

/** The only app/ folders (besides the stylesheet) an import may reach; app/architecture.test.ts checks the same. */
function onlyInto(folders, message) {
  return { regex: `^~/(?!(${folders.join("|")})/|app\\.css)`, message };
}

const restricted = (...patterns) => ["error", { patterns: [parentImport, ...patterns] }];

export default tseslint.config(
  {
    ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": restricted(),
      "no-restricted-syntax": [
        "error",
        {
          selector: `ImportExpression > Literal[value=/${PARENT_PATH.replaceAll("/", "\\/")}/]`,
          message: parentImport.message,
        },
      ],
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
    // Imports point one way: routes → features (auth, media, contact, …) → models → platform and db.
    // Shared code never reaches up into a route module or a feature's server code; app/architecture.test.ts
    // checks the same on the whole import graph, and that no module or folder imports itself through others.
    files: ["app/components/**", "app/i18n/**", "app/seo/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": restricted(routeImports, featureServerImports) },
  },
  {
    files: ["app/platform/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restricted(
        onlyInto(["platform"], "The platform sits at the bottom: it imports only itself and db/."),
      ),
    },
  },
  {
    files: ["app/models/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restricted({
        ...onlyInto(
          ["models", "platform", "racing"],
          "Models import only models, the platform, the racing rules and db/.",
        ),
        allowTypeImports: true,
      }),
    },
  },
  ...["racing", "utils"].map((folder) => ({
    files: [`app/${folder}/**`],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restricted(
        onlyInto([folder], "The racing rules and utilities are plain helpers: they import no other part of the app."),
      ),
    },
  })),
  {
    files: ["app/jobs/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restricted(
        onlyInto(
          ["jobs", "models", "platform"],
          "Jobs import no feature: a feature registers what the job needs from it (server/jobs.ts).",
        ),
      ),
    },
  },
  {
    // app/routes.ts reads the page registry while the build is configured, before the ~/ alias exists.
    files: ["app/pages/registry.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
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
