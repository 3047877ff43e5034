// Material's search reads its box on keyup (and on focus), so a query pasted with the
// mouse, dropped in, or typed through an IME (Bengali phonetic keyboards compose words)
// found nothing until another key was pressed. Any finished change of the box is passed
// on as the keyup it listens for.
const QUERY = "[data-md-component=search-query]";

function forward(event) {
  if (event.isComposing || !event.target.matches?.(QUERY)) return;
  event.target.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
}

export function searchReactsToEveryInput() {
  document.addEventListener("input", forward, true);
  document.addEventListener("compositionend", forward, true);
}
