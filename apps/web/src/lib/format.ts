interface PersonName {
  firstName: string;
  lastName: string;
}

/** "Ana Silva". */
export function fullName(person: PersonName): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** Up to two capital letters for an avatar: "Ana Silva" → "AS". */
export function initials(person: PersonName): string {
  const letters = [person.firstName, person.lastName]
    .map((part) => part.trim().charAt(0))
    .join('')
    .toUpperCase();
  return letters || '?';
}

const DATE = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short' });
const DATE_TIME = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short' });

/** An ISO date (or date-time) as a pt-PT date, e.g. "22/11/2026". */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/** An ISO date-time as a pt-PT date and time, e.g. "22/11/2026, 14:05". */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}
