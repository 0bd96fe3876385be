/** c•••@exemplo.pt: enough for the client to recognise the address, nothing for someone who only has the link. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
