// A button marked data-print prints the page (the policy allows no inline onclick).
for (const button of document.querySelectorAll("[data-print]")) {
  button.addEventListener("click", () => window.print());
}
