/**
 * The card provider's form page: plain HTML, a small stylesheet and a small script, all served by
 * the provider from its own origin. The script runs the same card checks as the provider's server
 * (the source of {@link cardRules} is embedded), sends the card to the provider (never to the
 * page that frames the form), and posts only the resulting token and what it shows to the parent
 * page, with the parent's exact origin as the target.
 */
import type { ColorScheme } from '#shared/constants';
import { escapeHtml } from '#shared/html';
import { cardRules, type CardField, type CardRules } from './card-rules.ts';

export interface FormPageSettings {
  parentOrigin: string;
  /** The colour scheme of the page that frames the form (`?scheme=`): the form draws itself so. */
  scheme: ColorScheme;
  accountName: string;
  messageType: string;
  century: number;
  productName: string;
}

function field(id: CardField, label: string, attributes: string, hint = ''): string {
  const describedBy = hint ? `${id}-hint ${id}-error` : `${id}-error`;
  return `
    <div class="field">
      <label for="card-${id}">${label}</label>
      ${hint ? `<span class="hint" id="${id}-hint">${hint}</span>` : ''}
      <input id="card-${id}" name="${id}" ${attributes} aria-describedby="${describedBy}" required>
      <span class="error" id="${id}-error"></span>
    </div>`;
}

export function formPageHtml(settings: FormPageSettings): string {
  const data = Object.entries({
    'parent-origin': settings.parentOrigin,
    'message-type': settings.messageType,
    century: String(settings.century),
  })
    .map(([key, value]) => `data-${key}="${escapeHtml(value)}"`)
    .join(' ');
  return `<!doctype html>
<html lang="en" data-scheme="${settings.scheme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${settings.scheme}">
<title>Add a card</title>
<link rel="stylesheet" href="form.css">
</head>
<body ${data}>
<main>
  <form id="card-form" novalidate aria-label="Add a card">
    <p class="note">Your card details go to our card processor only; ${escapeHtml(settings.productName)} never sees your card number.</p>
    ${field('name', 'Name on card', `type="text" autocomplete="cc-name" maxlength="100" value="${escapeHtml(settings.accountName)}"`)}
    ${field('number', 'Card number', 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"', '')}
    <p class="brand" id="card-brand" aria-live="polite"></p>
    <div class="row">
      ${field('expiry', 'Expiry', 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"', 'MM/YY')}
      ${field('cvc', 'Security code', 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4"', '3 or 4 digits')}
    </div>
    <button type="submit" id="card-submit">Add card</button>
    <p id="card-status" role="status" aria-live="polite"></p>
  </form>
</main>
<script src="form.js"></script>
</body>
</html>
`;
}

/** Shown instead of the form when the page that asked for it is not allowed. */
export function refusedPageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Card form unavailable</title><link rel="stylesheet" href="form.css"></head>
<body><main><h1>Card form unavailable</h1><p>This card form can only be used from an approved site.</p></main></body>
</html>
`;
}

export const FORM_CSS = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; padding: 16px; color: #1a1b1e; background: #fff; }
input { color: inherit; background: #fff; }
h1 { font-size: 1.15rem; margin: 0 0 8px; }
.note { font-size: 0.85rem; color: #495057; margin: 0 0 12px; }
.field { display: flex; flex-direction: column; margin-bottom: 12px; flex: 1; min-width: 0; }
/* Fields side by side start level: each has its label, its hint and its box in the same rows. */
.row { display: flex; gap: 12px; align-items: flex-start; }
label { font-weight: 600; font-size: 0.9rem; margin-bottom: 4px; }
.hint { font-size: 0.8rem; color: #495057; margin-bottom: 4px; }
input { font: inherit; padding: 8px 10px; border: 1px solid #868e96; border-radius: 4px; }
input:focus { outline: 2px solid #1c7ed6; outline-offset: 1px; }
input[aria-invalid="true"] { border-color: #c92a2a; }
.error { color: #c92a2a; font-size: 0.85rem; min-height: 1em; }
.brand { font-size: 0.85rem; color: #343a40; margin: -6px 0 10px; min-height: 1em; }
button { font: inherit; font-weight: 600; padding: 10px 16px; border: 0; border-radius: 4px; background: #1864ab; color: #fff; cursor: pointer; }
button[disabled] { background: #868e96; cursor: progress; }
#card-status { font-size: 0.9rem; margin: 10px 0 0; }
/* The dark scheme (?scheme=dark), in the colours of the portal's dark modal around it. */
:root[data-scheme="dark"] { color-scheme: dark; }
[data-scheme="dark"] body { color: #c9c9c9; background: #242424; }
[data-scheme="dark"] .note, [data-scheme="dark"] .hint { color: #a6a7ab; }
[data-scheme="dark"] .brand { color: #c9c9c9; }
[data-scheme="dark"] input { background: #2e2e2e; border-color: #828282; }
[data-scheme="dark"] input:focus { outline-color: #4dabf7; }
[data-scheme="dark"] input[aria-invalid="true"] { border-color: #ff8787; }
[data-scheme="dark"] .error { color: #ff8787; }
[data-scheme="dark"] button[disabled] { background: #5c5f66; }
`;

/**
 * The page's behaviour. Self-contained like {@link cardRules}: it is served as source text and
 * gets the rules and the document as arguments.
 */
export function cardFormMain(rules: CardRules, doc: Document, win: Window) {
  const settings = doc.body.dataset;
  const parentOrigin = settings.parentOrigin ?? '';
  const messageType = settings.messageType ?? '';
  const century = Number(settings.century);
  const form = doc.getElementById('card-form') as HTMLFormElement;
  const inputs = {
    name: doc.getElementById('card-name') as HTMLInputElement,
    number: doc.getElementById('card-number') as HTMLInputElement,
    expiry: doc.getElementById('card-expiry') as HTMLInputElement,
    cvc: doc.getElementById('card-cvc') as HTMLInputElement,
  };
  const brandText = doc.getElementById('card-brand') as HTMLElement;
  const status = doc.getElementById('card-status') as HTMLElement;
  const submit = doc.getElementById('card-submit') as HTMLButtonElement;
  const fields = ['name', 'number', 'expiry', 'cvc'] as const;

  function showErrors(errors: Partial<Record<(typeof fields)[number], string>>) {
    for (const name of fields) {
      const message = errors[name] ?? '';
      (doc.getElementById(`${name}-error`) as HTMLElement).textContent = message;
      inputs[name].setAttribute('aria-invalid', message ? 'true' : 'false');
    }
    const first = fields.find((name) => errors[name]);
    if (first) inputs[first].focus();
  }

  inputs.number.addEventListener('input', () => {
    inputs.number.value = rules.formatCardNumber(inputs.number.value);
    const brand = rules.detectBrand(inputs.number.value);
    brandText.textContent = brand ? rules.brandLabel(brand) : '';
    inputs.cvc.maxLength = rules.cvcLength(brand);
  });
  inputs.expiry.addEventListener('input', () => {
    const digits = inputs.expiry.value.replace(/\D/g, '').slice(0, 4);
    inputs.expiry.value = digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    status.textContent = '';
    const input = {
      name: inputs.name.value,
      number: inputs.number.value,
      expiry: inputs.expiry.value,
      cvc: inputs.cvc.value,
    };
    const checked = rules.checkCard(input, { now: new Date(), century });
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    showErrors({});
    submit.disabled = true;
    submit.textContent = 'Adding card…';
    win
      .fetch('tokens', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...input, parent_origin: parentOrigin }),
      })
      .then(async (response) => {
        const body = (await response.json()) as {
          card?: Record<string, unknown>;
          errors?: Partial<Record<(typeof fields)[number], string>>;
          msg?: string;
        };
        if (response.ok && body.card) {
          inputs.number.value = '';
          inputs.cvc.value = '';
          brandText.textContent = '';
          status.textContent = 'Card added.';
          win.parent.postMessage({ type: messageType, card: body.card }, parentOrigin);
        } else if (body.errors) {
          showErrors(body.errors);
        } else {
          status.textContent = body.msg ?? 'The card could not be added. Please try again.';
        }
      })
      .catch(() => {
        status.textContent = 'The card could not be added. Please try again.';
      })
      .finally(() => {
        submit.disabled = false;
        submit.textContent = 'Add card';
      });
  });
}

/**
 * The served script: the rules and the page behaviour, from their own source. `__name` stands in
 * for the helper some TypeScript runners insert to keep function names.
 */
export function formScript(): string {
  return `'use strict';
(function () {
  var __name = function (target) { return target; };
  var rules = (${cardRules.toString()})();
  (${cardFormMain.toString()})(rules, document, window);
})();
`;
}
