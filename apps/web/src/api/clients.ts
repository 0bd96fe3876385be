import type { Client, ClientInput } from '@aceite/shared/schemas/clients';
import { apiClient, type Envelope } from '@/lib/api-client';

/**
 * Creates a client; 409 with `details[{ field: 'email' }]` when the email is taken. In the shared API layer
 * (`src/api/`), not in a feature, because two features create clients (the clients screens and the proposal
 * editor's quick dialog) and a feature never imports another (docs/architecture.md, "Web"); each keeps its
 * own hook and cache refresh.
 */
export async function createClient(input: ClientInput): Promise<Client> {
  const { data } = await apiClient.post<Envelope<Client>>('/clients', input);
  return data;
}
