/**
 * @module password-dictionary-data — zxcvbn-ts's dictionaries as one module that only
 * password-dictionaries.ts imports, on demand. Its imports are static so that the bundler reads
 * their named exports as usual; importing the CommonJS packages themselves on demand left them
 * under `default` in the bundle.
 */
export { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
export { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
