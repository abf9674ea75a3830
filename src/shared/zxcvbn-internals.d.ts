// zxcvbn-ts ships the types of its internal modules beside their .cjs/.mjs files (getCleanPasswords.d.ts);
// this names them for the .mjs path that src/shared/password-l33t.ts imports.
declare module '@zxcvbn-ts/core/dist/matcher/dictionary/variants/matching/unmunger/getCleanPasswords.mjs' {
  export * from '@zxcvbn-ts/core/dist/matcher/dictionary/variants/matching/unmunger/getCleanPasswords';
  export { default } from '@zxcvbn-ts/core/dist/matcher/dictionary/variants/matching/unmunger/getCleanPasswords';
}
declare module '@zxcvbn-ts/core/dist/matcher/wordSequence/matching.mjs' {
  export { default } from '@zxcvbn-ts/core/dist/matcher/wordSequence/matching';
}
declare module '@zxcvbn-ts/core/dist/matcher/wordSequence/feedback.mjs' {
  export { default } from '@zxcvbn-ts/core/dist/matcher/wordSequence/feedback';
}
