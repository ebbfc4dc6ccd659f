/** "Get started in 3 simple steps": exactly one step is current (aria-current="step"); a click moves it. */
export function setUpSteps(): void {
  for (const list of document.querySelectorAll<HTMLElement>('[data-steps]')) {
    const steps = [...list.querySelectorAll<HTMLButtonElement>('.step')];
    for (const step of steps) {
      step.addEventListener('click', () => {
        for (const other of steps) other.setAttribute('aria-current', other === step ? 'step' : 'false');
      });
    }
  }
}
