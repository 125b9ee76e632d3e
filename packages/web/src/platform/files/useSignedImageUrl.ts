import { useQuery } from '@tanstack/react-query';
import { fetchSignedUrl } from './files-api';
import { signedUrlFreshFor } from './upload-rules';

/**
 * The signed URL of a stored image, reused while it has more than a minute to live and fetched
 * again after: an image left on screen keeps working past the URL's hour.
 */
export function useSignedImageUrl(fileId: string | null | undefined) {
  return useQuery({
    queryKey: ['signed-file-url', fileId],
    queryFn: () => fetchSignedUrl(fileId as string),
    enabled: Boolean(fileId),
    retry: false,
    staleTime: (query) => (query.state.data ? signedUrlFreshFor(query.state.data.expiresAt, Date.now()) : 0),
    refetchInterval: (query) => (query.state.data ? Math.max(signedUrlFreshFor(query.state.data.expiresAt, Date.now()), 1000) : false),
  });
}
