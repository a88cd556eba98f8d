/**
 * Bench page: the floor of the method. The fields a case types into as plain `<input>`s with no script of the
 * page's own, so a keystroke costs only the browser's editing and one frame (and the wait for that frame).
 */
import { fields } from 'virtual:bench-bare';
import { installProbe } from './probe.js';

installProbe();
const name = new URLSearchParams(location.search).get('case') ?? '';
const root = document.getElementById('root') as HTMLElement;
for (const field of fields[name] ?? []) {
  const label = document.createElement('label');
  label.textContent = field;
  const input = document.createElement('input');
  input.id = `root_${field}`;
  label.append(input);
  root.append(label);
}
window.benchReady = true;
