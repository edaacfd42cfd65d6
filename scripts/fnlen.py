import re,sys,os
# Counts lines of each fn (from the `fn` line to its matching closing brace at the same indent).
res=[]
for root,_,files in os.walk(sys.argv[1]):
    for f in files:
        if not f.endswith('.rs'): continue
        p=os.path.join(root,f); lines=open(p).read().split('\n')
        for i,l in enumerate(lines):
            m=re.match(r'^(\s*)(pub(\([^)]*\))? )?(async )?fn (\w+)',l)
            if not m: continue
            ind=m.group(1)
            # A signature without a body (a trait's `fn x(..);`) is not a function to count.
            body=next((('{' in x, x.rstrip().endswith(';')) for x in lines[i:] if '{' in x or x.rstrip().endswith(';')),(False,True))
            if not body[0]: continue
            # A body opened and closed on its first line (`fn a() {}`) is one line.
            if l.count('{') and l.count('{') == l.count('}'): continue
            for j in range(i+1,len(lines)):
                if lines[j]==ind+'}' :
                    res.append((j-i+1,p,m.group(5))); break
res.sort(reverse=True)
big=[r for r in res if r[0]>120]
print(len(big))
for r in big: print(*r)
