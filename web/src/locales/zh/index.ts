import { mergeNamespaces } from '../merge-namespaces';

/** Every message of this language: each JSON file here is one top-level key, named after the file. */
export default mergeNamespaces(import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' }));
