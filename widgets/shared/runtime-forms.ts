/**
 * The form library, evaluated in a task of its own (see runtime-react.ts). The API client is not a
 * runtime: it loads on the reader's intent (shared/api.ts).
 */
export { createForm } from 'final-form';
export { Form } from 'react-final-form';
