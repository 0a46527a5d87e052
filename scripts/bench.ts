// npm run bench: the bench lives in scripts/bench/ (run.ts describes it and its flags).
import './bench/run.ts';
