import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { TopBarBrand } from './top-bar-brand';

const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('TopBarBrand', () => {
  it("shows the organization's logo, named by the organization, beside the Aceite logo", () => {
    renderWithProviders(<TopBarBrand compact={false} branding={{ name: 'Demo Lda', logo: LOGO }} />);
    expect(screen.getByRole('img', { name: 'Demo Lda' })).toHaveAttribute('src', LOGO);
    expect(screen.getByText('Aceite')).toBeInTheDocument();
  });

  it("shows the organization's logo alone on a phone", () => {
    renderWithProviders(<TopBarBrand compact branding={{ name: 'Demo Lda', logo: LOGO }} />);
    expect(screen.getByRole('img', { name: 'Demo Lda' })).toBeInTheDocument();
    expect(screen.queryByText('Aceite')).not.toBeInTheDocument();
  });

  it('keeps the Aceite logo alone when there is no organization logo, or no branding yet', () => {
    const { unmount } = renderWithProviders(
      <TopBarBrand compact branding={{ name: 'Demo Lda', logo: null }} />,
    );
    expect(screen.getByText('Aceite')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<TopBarBrand compact={false} />);
    expect(screen.getByText('Aceite')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
