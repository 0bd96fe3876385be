import { UnderConstruction } from '@/components/under-construction';

export function AnalyticsPage() {
  return <UnderConstruction title="Analytics" />;
}
