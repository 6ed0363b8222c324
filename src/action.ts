/** The GitHub Action: inputs → Options → run() → outputs. */
import { run } from './run.js';
void run;
