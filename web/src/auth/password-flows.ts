/**
 * Amplify's sign-in, sign-up, password-reset and sign-out calls, loaded when someone uses one (AuthContext.tsx):
 * their code (every sign-in flow, SRP's big-integer maths, passkeys, the token revocation) is a large share of
 * the auth library that a family reading a story never runs. web/build/signed-in-chunk.ts keeps it out of the
 * signed-in chunk. Sign-out's sign-in page needs the rest of them next.
 */
export { confirmResetPassword, resetPassword, signIn, signOut, signUp } from 'aws-amplify/auth';
