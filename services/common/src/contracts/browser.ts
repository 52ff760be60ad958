/**
 * What the web app may import at run time: constants, text helpers, page meta and
 * schema.org builders, none of which pulls zod into the browser bundle. Response
 * and request shapes come from '@neuralbeat/common/contracts' as types only.
 */
export * from './constants';
export * from './text';
export * from './pages';
export * from './jsonLd';
export * from './media';
export * from './adminConsole';
export * from './searchConstants';
export * from './searchPage';
export * from './toolSubmission';
export * from './screens';
