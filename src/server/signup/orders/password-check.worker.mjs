// The worker of password-check.ts: registers tsx so that the TypeScript sources load, then hands
// piscina the task, which runs the shared password rules (zxcvbn and its dictionaries).
import { register } from 'tsx/esm/api';

register();
const { checkNewPassword } = await import('./password-check.task.ts');

export default checkNewPassword;
