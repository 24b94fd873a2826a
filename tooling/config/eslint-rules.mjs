// ESLint's own implementations of two rules, run inside oxlint (oxlintrc.json's `jsPlugins`, prefix
// `relic3d/`): oxlint has no no-restricted-syntax (the "no HTML from strings" selectors), and its
// no-unsafe-optional-chaining looks through `as` casts, which ESLint's does not (`(a?.b as T).c`).
import { builtinRules } from 'eslint/use-at-your-own-risk';

const rules = Object.fromEntries(['no-restricted-syntax', 'no-unsafe-optional-chaining'].map((name) => [name, builtinRules.get(name)]));

export default { meta: { name: 'relic3d' }, rules };
