/** POST a file to its presigned form, reporting progress (XHR: fetch has no upload progress). */
export function postForm(form: { url: string; fields: Record<string, string> }, file: File, onProgress: (done: number) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(form.fields)) data.append(k, v);
    data.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve(xhr.status >= 200 && xhr.status < 300);
    xhr.onerror = () => resolve(false);
    xhr.open('POST', form.url);
    xhr.send(data);
  });
}

