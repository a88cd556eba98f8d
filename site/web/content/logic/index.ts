/** The formulas and formatters of the content site (pure TypeScript, no React): the UI imports them from here. */
export * from './blocked-account.js';
export * from './carousel.js';
export * from './choices.js';
export * from './health-insurance.js';
export * from './layout.js';
export * from './money.js';
export * from './ratings.js';
export * from './text.js';
