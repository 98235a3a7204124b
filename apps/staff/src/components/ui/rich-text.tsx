import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading3, Heading4, Italic, Link2, List, ListOrdered, RemoveFormatting } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { t } from '../../lib/i18n';

/**
 * A small rich-text editor (tiptap) offering only what the server keeps (sanitizeDescription):
 * paragraphs, bold, italics, h3/h4, lists and http(s)/mailto links. Whatever else is pasted is
 * dropped by the editor and, whatever the browser sends, by the server.
 */
export function RichText({
  value,
  onChange,
  label,
  id,
  invalid,
  describedBy,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  id?: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], HTMLAttributes: { rel: 'noopener nofollow', target: null } },
      }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'aria-invalid': String(!!invalid),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'rich-text min-h-40 px-3 py-2 text-sm focus:outline-none',
      },
    },
    // an empty document is '' (not '<p></p>'), so an untouched description stays unchanged
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // a reset of the form (discard, reload) puts its value back into the editor
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });

  const tool = (name: string, active: boolean, run: () => void, icon: ReactNode) => (
    <button
      type="button"
      aria-label={name}
      title={name}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
      className={`rounded p-1.5 hover:bg-gray-100 ${active ? 'bg-gray-200 text-gray-900' : 'text-gray-600'}`}
    >
      {icon}
    </button>
  );
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt(t('Link address (https://…), empty to remove'), previous);
    if (href === null) return;
    if (!href.trim()) chain().extendMarkRange('link').unsetLink().run();
    else if (/^(https?:|mailto:)/i.test(href.trim())) chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
    else window.alert(t('Only https://, http:// and mailto: links are kept.'));
  };

  return (
    <div className={`mt-1 rounded-md border bg-white ${invalid ? 'border-red-600' : ''}`}>
      <div role="toolbar" aria-label={t('{label} formatting', { label })} className="flex flex-wrap gap-0.5 border-b px-1 py-1">
        {tool('Bold', !!state?.bold, () => chain().toggleBold().run(), <Bold className="size-4" aria-hidden />)}
        {tool('Italic', !!state?.italic, () => chain().toggleItalic().run(), <Italic className="size-4" aria-hidden />)}
        {tool('Heading', !!state?.h3, () => chain().toggleHeading({ level: 3 }).run(), <Heading3 className="size-4" aria-hidden />)}
        {tool('Sub-heading', !!state?.h4, () => chain().toggleHeading({ level: 4 }).run(), <Heading4 className="size-4" aria-hidden />)}
        {tool('Bulleted list', !!state?.bullet, () => chain().toggleBulletList().run(), <List className="size-4" aria-hidden />)}
        {tool('Numbered list', !!state?.ordered, () => chain().toggleOrderedList().run(), <ListOrdered className="size-4" aria-hidden />)}
        {tool('Link', !!state?.link, setLink, <Link2 className="size-4" aria-hidden />)}
        {tool(
          'Clear formatting',
          false,
          () => chain().unsetAllMarks().clearNodes().run(),
          <RemoveFormatting className="size-4" aria-hidden />,
        )}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
