import { useEffect } from 'react';
import { useAppServices } from '../app/context.tsx';

export function usePageTitle(title: string) {
  const { config } = useAppServices();
  useEffect(() => {
    document.title = `${title} | ${config.productName}`;
  }, [title, config.productName]);
}
