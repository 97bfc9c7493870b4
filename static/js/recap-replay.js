// A recap hand, step by step: without this script every step is shown, one under another.
const replay = document.querySelector("[data-replay]");
if (replay) {
  const steps = [...replay.querySelectorAll(".replay-step")];
  const position = replay.querySelector("[data-position]");
  let index = steps.length - 1;
  const show = () => {
    steps.forEach((step, i) => { step.hidden = i !== index; });
    position.textContent = `Step ${index + 1} of ${steps.length}`;
  };
  replay.querySelectorAll("[data-step]").forEach((button) => {
    button.addEventListener("click", () => {
      index = Math.min(steps.length - 1, Math.max(0, index + Number(button.dataset.step)));
      show();
    });
  });
  index = 0;
  show();
}
