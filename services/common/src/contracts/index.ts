export * from './api';
export * from './constants';
export * from './events';
export * from './jobs';
export * from './text';
export * from './pages';
export * from './jsonLd';
export * from './toolSubmission';
