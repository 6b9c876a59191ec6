/**
 * Amplify's sign-in, sign-up and password-reset calls, loaded when someone uses one (AuthContext.tsx):
 * their code (every sign-in flow, SRP's big-integer maths, passkeys) is a large share of the auth library
 * that a family already signed in never runs. web/vite.config.ts keeps it out of the signed-in chunk.
 */
export { confirmResetPassword, resetPassword, signIn, signUp } from 'aws-amplify/auth';
