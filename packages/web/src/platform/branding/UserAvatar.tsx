import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { avatarObjectUrl } from './branding-api';

/**
 * A user's avatar, fetched by name under the session (spec: GET admin file /{name}); the
 * person icon while it loads, when there is none, or when it cannot be read. A name is never
 * reused, so the picture is cached for the session under its name.
 */
export function UserAvatar({ name, size, className }: { name: string | null | undefined; size: number; className?: string }) {
  const { data: src } = useQuery({
    queryKey: ['avatar', name],
    queryFn: () => avatarObjectUrl(name as string),
    enabled: Boolean(name),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: false,
  });
  return <Avatar size={size} src={name && src ? src : undefined} icon={<UserOutlined />} className={className} data-avatar={name && src ? name : ''} />;
}
