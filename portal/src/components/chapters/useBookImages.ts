import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { BOOK_IMAGE_LIMITS, BookImageMessages } from '../../../../libs/domain/index.ts';
import { ApiError } from '../../api/client.ts';
import type { BookImageView } from '../../api/editing.ts';
import { useChapterApi } from './chapterApi.ts';
import type { ImageDescription } from './ImageDescriptionDialog.tsx';
import type { PreviewImages } from './MarkdownPreview.tsx';

/** The book's images for its editor: what the preview may show, and an upload that adds to them. */
export function useBookImages(projectId: string): { images: PreviewImages; upload: (file: File, description: ImageDescription) => Promise<BookImageView> } {
  const queryClient = useQueryClient();
  const api = useChapterApi();
  const key = useMemo(() => ['book-images', projectId], [projectId]);
  const list = useQuery({ queryKey: key, queryFn: () => api.images(projectId) });
  const images = useMemo<PreviewImages>(() => new Map((list.data ?? []).map((image) => [image.path, image.url])), [list.data]);
  const upload = useCallback(
    async (file: File, description: ImageDescription) => {
      // Refused here without sending it; the server counts again as the bytes arrive.
      if (file.size > BOOK_IMAGE_LIMITS.maxBytes) throw new ApiError(413, BookImageMessages.tooLarge);
      const image = await api.uploadImage(projectId, file, description);
      queryClient.setQueryData<BookImageView[]>(key, (old) => [image, ...(old ?? [])]);
      return image;
    },
    [api, projectId, queryClient, key],
  );
  return { images, upload };
}
