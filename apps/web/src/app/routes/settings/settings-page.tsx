import { UnderConstruction } from '@/components/under-construction';

export function SettingsPage() {
  return <UnderConstruction title="Configurações" />;
}
