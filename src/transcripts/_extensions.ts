/**
 * The extensions of the files a project edits, one list for every reader of paths in text (the
 * mentions that point at the next files, the claims of a host's summary): a dotted word without
 * one (`e.g`, `api.example.com`, `v1.2`) is not a path.
 */
const LIST =
  'ts|tsx|mts|cts|js|jsx|mjs|cjs|json|jsonc|md|mdx|py|pyi|rs|go|ex|exs|heex|eex|erl|rb|erb|java|kt|kts|scala|swift|m|c|h|cc|cpp|hpp|cs|fs|php|lua|dart|zig|nim|hs|ml|clj|r|jl|sql|prisma|graphql|gql|proto|css|scss|sass|less|html|htm|vue|svelte|astro|sh|bash|zsh|fish|ps1|yaml|yml|toml|ini|cfg|conf|env|lock|xml|txt|csv|tsv|ipynb|tf|hcl|gradle|cmake|mk|dockerfile|plist|svg|adoc|asciidoc|rst|org|tex|bib|hbs|handlebars|tmpl|tpl|j2|jinja|jinja2|njk|liquid|mustache|ejs|pug|twig|styl|example|sample|sol|vy|move|cairo|mmd|mermaid|puml|plantuml|drawio|nix|bzl|bazel|star|gemspec|podspec|rake|cabal|xcconfig|pbxproj|storyboard|xib|entitlements|strings|xcstrings|properties|sbt|groovy|pl|pm|bat|psm1|psd1|vb|fsx|glsl|hlsl|wgsl|metal|cu|cuh|f90|sv|svh|vhd|vhdl|asm|razor|cshtml|csproj|sln|fsproj|props|targets|elm|gleam|cr|rkt|tfvars|rego|cue|jsonnet|libsonnet|graphqls|mm|qml|xaml|axaml|resx|arb|po|ftl|kdl|ron|jsonl|ndjson|diff|patch|http|thrift|avsc|mdc|pyx|pxd|rmd|qmd|pcss';

/** Each extension, lower case, without its dot. */
export const EXTENSIONS: ReadonlySet<string> = new Set(LIST.split('|'));

/** The same as one regular-expression alternation (`ts|tsx|…`). */
export const EXTENSION_ALTERNATION = LIST;
